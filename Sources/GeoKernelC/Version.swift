@c public func gk_libversion_number() -> Int32 { 100 }
