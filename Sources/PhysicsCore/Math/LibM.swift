// The few libm functions the core needs, without Foundation.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@usableFromInline @inline(__always) package func mSin(_ x: Double) -> Double { sin(x) }
@usableFromInline @inline(__always) package func mCos(_ x: Double) -> Double { cos(x) }
@usableFromInline @inline(__always) package func mAtan2(_ y: Double, _ x: Double) -> Double { atan2(y, x) }
@usableFromInline @inline(__always) package func mPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
@usableFromInline @inline(__always) package func mExp(_ x: Double) -> Double { exp(x) }

/// Whether the `count` bytes at `a` and `b` are the same (the C library's `memcmp`, which compares them in vector
/// registers).
@inline(__always) func mBytesEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    memcmp(a, b, count) == 0
}
