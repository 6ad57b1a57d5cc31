import FriendlyErrors
import FriendlyErrorsTesting
import PhotoLibrary
import Testing

@MainActor
@Test func mainActorModelRetriesWhenTheUserChoosesTryAgain() async throws {
    let recorder = RecordingPresenter(answering: .choose("retry"))
    let model = LibraryModel { attempt in
        if attempt == 1 { throw PhotoError.serverUnavailable(host: "photos.example.com") }
        return ["IMG_0043.HEIC", "IMG_0042.HEIC"]
    }
    try await model.reload(presentingWith: recorder)
    #expect(model.photos == ["IMG_0042.HEIC", "IMG_0043.HEIC"])
    #expect(model.attempts == 2)
    #expect(recorder.alerts.map(\.code) == ["photos.serverUnavailable"])
}

@MainActor
@Test func mainActorModelThrowsWhenTheUserCancels() async {
    let recorder = RecordingPresenter(answering: .cancel)
    let model = LibraryModel { _ in throw PhotoError.serverUnavailable(host: "photos.example.com") }
    await #expect(throws: PhotoError.self) { try await model.reload(presentingWith: recorder) }
    #expect(model.photos.isEmpty)
    #expect(model.attempts == 1)
}

@Test func actorServiceExitsWithZeroOnSuccess() async {
    let recorder = RecordingPresenter()
    let service = SyncService(presenter: recorder) {}
    #expect(await service.syncOnce() == 0)
    #expect(await service.runs == 1)
    #expect(recorder.alerts.isEmpty)
}

@Test func actorServiceExitsWithUnavailableWhenTheServerIsDown() async {
    let recorder = RecordingPresenter(answering: .cancel)
    let service = SyncService(presenter: recorder) {
        throw PhotoError.serverUnavailable(host: "photos.example.com")
    }
    #expect(await service.syncOnce() == 69)
    #expect(await service.runs == 1)
    #expect(recorder.alerts.map(\.code) == ["photos.serverUnavailable"])
}

@Test func actorServiceRetriesWhenTheUserChoosesTryAgain() async {
    let recorder = RecordingPresenter(answering: .choose("retry"))
    let service = SyncService(presenter: recorder) {
        throw PhotoError.serverUnavailable(host: "photos.example.com")
    }
    #expect(await service.syncOnce() == 69)
    #expect(await service.runs == 2)
    #expect(recorder.alerts.count == 2)
}
