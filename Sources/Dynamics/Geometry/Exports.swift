// `import Dynamics` is enough to use the geometry types of its API: CGFloat, CGPoint, CGSize and CGRect come from
// Foundation on every platform; CGVector and CGAffineTransform from CoreGraphics where it exists, otherwise from
// this module (CGVector.swift, CGAffineTransform.swift).
@_exported import Foundation
#if canImport(CoreGraphics)
    @_exported import CoreGraphics
#endif
