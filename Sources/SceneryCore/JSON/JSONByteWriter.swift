/// The writer the encoder and the patch writer share: canonical JSON straight into bytes.
extension CanonicalJSON {
    /// A byte buffer written without the checks an array append makes on every byte. It
    /// works one of two ways:
    /// - emptied into an array whenever it fills (``CanonicalJSON/withWriter(into:_:)``); only
    ///   a single piece longer than the buffer (a string of more than a KiB) moves it to the heap;
    /// - or, without a sink, keeping everything on the heap and growing there (a
    ///   ``PatchWriter``'s buffer, which lives from one operation to the next).
    struct ByteWriter {
        private(set) var base: UnsafeMutablePointer<UInt8>
        private(set) var count = 0
        private(set) var capacity: Int
        /// Whether `base` was allocated here (and is freed by ``release()``).
        private var ownsBase = false
        /// Where a full buffer is emptied; nil for a writer that grows its heap buffer instead.
        private let sink: UnsafeMutablePointer<[UInt8]>?

        /// A writer into `buffer` that empties it into `sink` when it is full; ``flush()``
        /// empties the rest.
        init(scratch buffer: UnsafeMutableBufferPointer<UInt8>, sink: UnsafeMutablePointer<[UInt8]>) {
            base = buffer.baseAddress!
            capacity = buffer.count
            self.sink = sink
        }

        /// A writer that goes on after the `count` bytes at `base`, a heap buffer of `capacity`
        /// bytes that it moves to a larger one when full (the old one is freed then). Whoever
        /// holds the buffer takes ``base``, ``count`` and ``capacity`` back when done.
        init(growing base: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int) {
            self.base = base
            self.count = count
            self.capacity = capacity
            sink = nil
        }

        func release() { if ownsBase { base.deallocate() } }

        /// Appends what was written to the sink and starts over.
        mutating func flush() {
            guard count > 0, let sink else { return }
            sink.pointee.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            count = 0
        }

        @inline(__always)
        private mutating func reserve(_ extra: Int) {
            if count + extra > capacity { grow(extra) }
        }

        /// Makes room for `extra` bytes: empties the buffer, and moves to a larger one on the
        /// heap when that is not enough.
        private mutating func grow(_ extra: Int) {
            if sink == nil {
                // A growing writer keeps what it wrote: it moves to a buffer twice as large.
                capacity = max(capacity * 2, count + extra)
                let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
                larger.moveInitialize(from: base, count: count)
                base.deallocate()
                base = larger
                return
            }
            flush()
            guard extra > capacity else { return }
            if ownsBase { base.deallocate() }
            capacity = max(capacity * 2, extra)
            base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            ownsBase = true
        }

        @inline(__always)
        mutating func byte(_ value: UInt8) {
            if count == capacity { reserve(1) }
            base[count] = value
            count += 1
        }

        @inline(__always)
        mutating func bytes(_ buffer: UnsafeBufferPointer<UInt8>) {
            guard let source = buffer.baseAddress, buffer.count > 0 else { return }
            let length = buffer.count
            if count + length > capacity { return moreBytes(buffer) }
            // Most pieces are short (keys, punctuation, ids): copied as two overlapping words,
            // which costs less than a call to memcpy.
            let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(base + count)
            if length >= 8 && length <= 16 {
                let head = from.loadUnaligned(as: UInt64.self), tail = from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                to.storeBytes(of: head, as: UInt64.self)
                to.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
            } else if length >= 4 && length < 8 {
                let head = from.loadUnaligned(as: UInt32.self), tail = from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                to.storeBytes(of: head, as: UInt32.self)
                to.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
            } else if length < 4 {
                for i in 0..<length { base[count + i] = source[i] }
            } else {
                (base + count).update(from: source, count: length)
            }
            count += length
        }

        /// ``bytes(_:)`` when they do not fit: a run longer than the whole buffer (a patch in a
        /// result) goes straight to the sink; otherwise the buffer is emptied or grown first.
        private mutating func moreBytes(_ buffer: UnsafeBufferPointer<UInt8>) {
            if buffer.count > capacity, let sink {
                flush()
                sink.pointee.append(contentsOf: buffer)
                return
            }
            grow(buffer.count)
            (base + count).update(from: buffer.baseAddress!, count: buffer.count)
            count += buffer.count
        }

        @inline(__always)
        mutating func ascii(_ text: StaticString) {
            text.withUTF8Buffer { bytes($0) }
        }

        mutating func write(_ value: JSON) {
            switch value {
            case .null: ascii("null")
            case .bool(let flag): ascii(flag ? "true" : "false")
            case .number(let value): number(value)
            case .string(let text): string(text)
            case .array(let elements):
                byte(UInt8(ascii: "["))
                for i in elements.indices {
                    if i > 0 { byte(UInt8(ascii: ",")) }
                    write(elements[i])
                }
                byte(UInt8(ascii: "]"))
            case .raw(let raw):
                raw.canonicalBytes.withUnsafeBufferPointer { bytes($0) }
            case .object(let object):
                byte(UInt8(ascii: "{"))
                let keys = object.keys, values = object.values
                for i in keys.indices {
                    if i > 0 { byte(UInt8(ascii: ",")) }
                    string(keys[i])
                    byte(UInt8(ascii: ":"))
                    write(values[i])
                }
                byte(UInt8(ascii: "}"))
            }
        }

        mutating func number(_ number: Double) {
            guard abs(number) < 9_007_199_254_740_992 else {
                // Infinities and NaN are not JSON, and a client's schema says number where they
                // would stand: a scene that computed one (a bug the tests look for) writes 0,
                // never `null`.
                if number.isFinite { var text = number.description; text.withUTF8 { bytes($0) } } else { byte(UInt8(ascii: "0")) }
                return
            }
            if let value = Int64(exactly: number) {
                DecimalDigits(magnitude: value.magnitude, negative: value < 0).withBytes { bytes($0) }
                return
            }
            // Thousandths (every point value a scene writes: frames are rounded to them): the
            // decimal `k / 1000` has at most 12 significant digits, so it is the only decimal
            // that short naming this double, which is what the shortest round-trip form prints.
            let thousandths = (number * 1000).rounded()
            if abs(number) < 1e9 && thousandths / 1000 == number, let k = Int64(exactly: thousandths) {
                let magnitude = k.magnitude
                DecimalDigits(magnitude: magnitude / 1000, negative: k < 0).withBytes { bytes($0) }
                var fraction = magnitude % 1000, width = 3
                while fraction % 10 == 0 { fraction /= 10; width -= 1 }
                reserve(4)
                base[count] = UInt8(ascii: ".")
                var i = count + width
                while i > count {
                    base[i] = UInt8(fraction % 10) + 0x30
                    fraction /= 10
                    i -= 1
                }
                count += width + 1
                return
            }
            var text = number.description
            text.withUTF8 { bytes($0) }
        }

        /// A pointer's text inside a JSON string (no quotes): `escapingTokens` also turns `~`
        /// and `/` into `~0` and `~1`, for a token; a prefix is escaped already.
        mutating func pointerText(_ text: String, escapingTokens: Bool) {
            if let clean = text.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
                guard let start = bytes.baseAddress, !CanonicalJSON.anyNeedsEscape(start, bytes.count, orTokenEscape: escapingTokens) else {
                    return false
                }
                self.bytes(bytes)
                return true
            }), clean {
                return
            }
            // Rare (or a bridged string): write the escaped text as a JSON string, without its quotes.
            var inner: [UInt8] = []
            CanonicalJSON.write(.string(escapingTokens ? JSONPointer.escape(text) : text), to: &inner)
            inner.withUnsafeBufferPointer { self.bytes(UnsafeBufferPointer(rebasing: $0.dropFirst().dropLast())) }
        }

        mutating func string(_ string: String) {
            if let done: Void = string.utf8.withContiguousStorageIfAvailable({ utf8($0) }) { return done }
            var string = string
            string.withUTF8 { utf8($0) }
        }

        /// A string's UTF-8 bytes between quotes, with `"`, `\\` and control characters escaped.
        mutating func utf8(_ text: UnsafeBufferPointer<UInt8>) {
            reserve(text.count + 2)
            if copiedUnescaped(text) { return }
            escaped(text)
        }

        /// Writes `text` between quotes as it is when nothing in it needs escaping (keys, ids,
        /// names: nearly every string), checked the cheapest way for its length; false, with
        /// nothing written (`count` unchanged), when something does. Room is reserved.
        @inline(__always)
        private mutating func copiedUnescaped(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            if text.count >= 8 && text.count <= 16, let pointer = text.baseAddress {
                // Keys, names, colours, ids: two overlapping words cover the string; both are
                // checked, then stored as they were loaded.
                let raw = UnsafeRawPointer(pointer)
                let head = raw.loadUnaligned(as: UInt64.self), tail = raw.loadUnaligned(fromByteOffset: text.count - 8, as: UInt64.self)
                if !CanonicalJSON.needsEscape(head) && !CanonicalJSON.needsEscape(tail) {
                    let out = UnsafeMutableRawPointer(base + count)
                    out.storeBytes(of: UInt8(ascii: "\""), as: UInt8.self)
                    out.storeBytes(of: head, toByteOffset: 1, as: UInt64.self)
                    out.storeBytes(of: tail, toByteOffset: 1 + text.count - 8, as: UInt64.self)
                    out.storeBytes(of: UInt8(ascii: "\""), toByteOffset: text.count + 1, as: UInt8.self)
                    count += text.count + 2
                    return true
                }
            } else if text.count < 8 {
                // The shortest strings: checked while copied, byte by byte.
                let out = base + count
                out[0] = UInt8(ascii: "\"")
                var clean = true
                for i in 0..<text.count {
                    let value = text[i]
                    if value < 0x20 || value == 0x22 || value == 0x5C { clean = false; break }
                    out[i + 1] = value
                }
                if clean {
                    out[text.count + 1] = UInt8(ascii: "\"")
                    count += text.count + 2
                    return true
                }
            } else if let pointer = text.baseAddress, !CanonicalJSON.anyNeedsEscape(pointer, text.count) {
                // The usual case (ids, paths, names): copied as is between quotes.
                base[count] = UInt8(ascii: "\"")
                (base + count + 1).update(from: pointer, count: text.count)
                base[count + 1 + text.count] = UInt8(ascii: "\"")
                count += text.count + 2
                return true
            }
            return false
        }

        /// `text` between quotes, each run without escapes copied whole and `"`, `\\` and control
        /// characters escaped between them. Room for the unescaped string is reserved.
        private mutating func escaped(_ text: UnsafeBufferPointer<UInt8>) {
            byte(UInt8(ascii: "\""))
            var runStart = 0
            for i in 0..<text.count {
                let value = text[i]
                guard value < 0x20 || value == 0x22 || value == 0x5C else { continue }
                bytes(UnsafeBufferPointer(rebasing: text[runStart..<i]))
                runStart = i + 1
                byte(UInt8(ascii: "\\"))
                switch value {
                case 0x22: byte(0x22)
                case 0x5C: byte(0x5C)
                case 0x0A: byte(UInt8(ascii: "n"))
                case 0x0D: byte(UInt8(ascii: "r"))
                case 0x09: byte(UInt8(ascii: "t"))
                case 0x08: byte(UInt8(ascii: "b"))
                case 0x0C: byte(UInt8(ascii: "f"))
                default:
                    ascii("u00")
                    byte(CanonicalJSON.hex[Int(value >> 4)])
                    byte(CanonicalJSON.hex[Int(value & 0xF)])
                }
            }
            bytes(UnsafeBufferPointer(rebasing: text[runStart..<text.count]))
            byte(UInt8(ascii: "\""))
        }
    }
}
