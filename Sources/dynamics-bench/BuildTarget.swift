#if canImport(Glibc)
    import Glibc
#endif

/// The processor this binary was compiled for. `make bench CPU=haswell` compiles with
/// `-target-cpu haswell` (AVX2, FMA, BMI2: the same 4-wide kernels in VEX encoding, bit-identical results) and
/// defines `SWIFTDYNAMICS_AVX2`; the default build runs on any x86-64.
enum BuildTarget {
    /// `haswell` for the AVX2 build, `x86-64` for the default one (also the JSON `build` field).
    static var name: String {
        #if SWIFTDYNAMICS_AVX2
            return "haswell"
        #else
            return "x86-64"
        #endif
    }

    /// On the AVX2 build, a processor without AVX2 is refused with one line (before any AVX2 instruction of ours
    /// runs) instead of dying of an illegal instruction. Nil when the binary can run here.
    static func unsupportedReason() -> String? {
        #if SWIFTDYNAMICS_AVX2
            guard let flags = cpuFlags() else { return nil }  // No /proc/cpuinfo: cannot tell, let it run.
            let missing = ["avx", "avx2", "fma", "bmi1", "bmi2"].filter { !flags.contains($0) }
            if missing.isEmpty { return nil }
            return "this binary was built with CPU=haswell but the processor lacks \(missing.joined(separator: ", "));"
                + " rebuild without CPU (make bench)"
        #else
            return nil
        #endif
    }

    /// The `flags` line of /proc/cpuinfo, as words.
    private static func cpuFlags() -> Set<Substring>? {
        #if canImport(Glibc)
            guard let file = fopen("/proc/cpuinfo", "r") else { return nil }
            defer { fclose(file) }
            var line: UnsafeMutablePointer<CChar>?
            var capacity = 0
            defer { free(line) }
            while getline(&line, &capacity, file) > 0 {
                guard let line else { break }
                let text = String(cString: line)
                if text.hasPrefix("flags") {
                    return Set(text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == ":" }))
                }
            }
            return nil
        #else
            return nil
        #endif
    }
}
