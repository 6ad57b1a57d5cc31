#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole strings to a file descriptor with one `write` call where possible, retrying on
/// EINTR and partial writes, and giving up quietly on EPIPE and other errors.
///
/// A write to a pipe whose reader is gone raises SIGPIPE, which kills the process with 141 by
/// default. The library never changes how the process handles it — a tool's own `print` into
/// `| head` still ends the tool as usual — but its own writes are shielded: SIGPIPE is blocked in the
/// writing thread for the write, and one it raised is taken back before the thread's mask is restored.
enum FileDescriptorWriter {
    static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            #if canImport(Darwin)
                // Darwin has no sigtimedwait: the descriptor itself is told not to raise the signal.
                _ = fcntl(descriptor, F_SETNOSIGPIPE, 1)
                writeAll(base, count: buffer.count, to: descriptor)
            #else
                var sigpipe = sigset_t()
                sigemptyset(&sigpipe)
                sigaddset(&sigpipe, SIGPIPE)
                var pending = sigset_t()
                sigpending(&pending)
                let wasPending = sigismember(&pending, SIGPIPE) == 1
                var previous = sigset_t()
                pthread_sigmask(SIG_BLOCK, &sigpipe, &previous)
                let brokePipe = writeAll(base, count: buffer.count, to: descriptor)
                if brokePipe && !wasPending {
                    // The signal this write raised is pending for this thread: take it, so that
                    // unblocking does not deliver it.
                    var noWait = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&sigpipe, nil, &noWait)
                }
                pthread_sigmask(SIG_SETMASK, &previous, nil)
            #endif
        }
    }

    /// Writes `count` bytes from `base`; answers whether the write stopped on EPIPE.
    @discardableResult
    private static func writeAll(_ base: UnsafePointer<UInt8>, count: Int, to descriptor: Int32) -> Bool {
        var base = base
        var remaining = count
        while remaining > 0 {
            #if canImport(Darwin)
                let written = Darwin.write(descriptor, base, remaining)
            #elseif canImport(Glibc)
                let written = Glibc.write(descriptor, base, remaining)
            #else
                let written = Musl.write(descriptor, base, remaining)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                return errno == EPIPE
            }
            if written == 0 { return false }
            remaining -= written
            base += written
        }
        return false
    }
}
