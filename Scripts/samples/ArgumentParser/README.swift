// Integrations/FriendlyErrorsArgumentParser/README.md's samples use these names without defining them: they stand
// for the reader's own tool. Stubs only — never the integration's API.
import FriendlyErrorsArgumentParser

/// The tool's pipeline, set up once.
let pipeline = AlertPipeline()
/// The tool's work.
func sync(_ path: String) async throws {}
