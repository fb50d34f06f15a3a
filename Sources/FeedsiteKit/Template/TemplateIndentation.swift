/// Removes a block's intrinsic indentation from its content, so it can be re-indented where it is expanded.
enum TemplateIndentation {
    /// Strips `amount` from the start of every line of `nodes` (text, and the indentation of standalone tags).
    static func dedent(_ nodes: inout [TemplateNode], by amount: [UInt8], lineStart: inout Bool) {
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let bytes):
                nodes[index] = .text(dedent(bytes, by: amount, lineStart: &lineStart))
            case .variable:
                lineStart = false
            case .section(let section):
                if !section.openStandalone { lineStart = false }
                var children = section.children
                dedent(&children, by: amount, lineStart: &lineStart)
                if !section.closeStandalone { lineStart = false }
                nodes[index] = .section(TemplateSection(name: section.name, inverted: section.inverted, children: children,
                                                        offset: section.offset, openStandalone: section.openStandalone,
                                                        closeStandalone: section.closeStandalone))
            case .partial(var inclusion):
                if let indentation = inclusion.indentation {
                    inclusion.indentation = strip(amount, from: indentation)
                    nodes[index] = .partial(inclusion)
                } else {
                    lineStart = false
                }
            case .parent(var inclusion, let overrides):
                if let indentation = inclusion.indentation {
                    inclusion.indentation = strip(amount, from: indentation)
                    nodes[index] = .parent(inclusion, overrides: overrides)
                } else {
                    lineStart = false
                }
            case .block(var block):
                // Nested content is already relative to the nested block; only its position moves.
                if block.openStandalone {
                    block.indentation = strip(amount, from: block.indentation)
                    nodes[index] = .block(block)
                } else {
                    lineStart = false
                }
            }
        }
    }

    static func dedent(_ bytes: [UInt8], by amount: [UInt8], lineStart: inout Bool) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if lineStart {
                var matched = 0
                while matched < amount.count, index + matched < bytes.count, bytes[index + matched] == amount[matched] {
                    matched += 1
                }
                index += matched
                lineStart = false
                if index >= bytes.count { break }
            }
            let byte = bytes[index]
            result.append(byte)
            if byte == UInt8(ascii: "\n") { lineStart = true }
            index += 1
        }
        return result
    }

    static func strip(_ amount: [UInt8], from indentation: [UInt8]) -> [UInt8] {
        var matched = 0
        while matched < amount.count, matched < indentation.count, indentation[matched] == amount[matched] { matched += 1 }
        return Array(indentation[matched...])
    }
}
