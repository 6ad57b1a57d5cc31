public import Vapor

extension Middlewares {
    /// Puts `middleware` where Vapor's `ErrorMiddleware` was and removes every `ErrorMiddleware`; the others
    /// keep their order. Without an `ErrorMiddleware`, `middleware` goes first, around the others.
    ///
    /// ```swift
    /// app.middleware.replaceErrorMiddleware(with: FriendlyErrorsMiddleware(pipeline: pipeline))
    /// ```
    public mutating func replaceErrorMiddleware(with middleware: some Middleware) {
        let current = resolve()
        var replaced = Middlewares()
        var placed = false
        for existing in current {
            if existing is ErrorMiddleware {
                if !placed { replaced.use(middleware) }
                placed = true
            } else {
                replaced.use(existing)
            }
        }
        if !placed { replaced.use(middleware, at: .beginning) }
        self = replaced
    }
}
