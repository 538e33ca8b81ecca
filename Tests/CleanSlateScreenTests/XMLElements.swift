import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The elements of an XML document (the SVG and HTML renderings), each with all the text inside it,
/// read with Foundation's XML parser (which also proves the document well-formed).
final class XMLElements: NSObject, XMLParserDelegate {
    struct Element {
        let name: String
        let attributes: [String: String]
        var text = ""
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []

    static func parse(_ svg: String) throws -> [Element] {
        let reader = XMLElements()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return reader.elements
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
        open.append(elements.count)
        elements.append(Element(name: name, attributes: attributes))
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        for index in open { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        open.removeLast()
    }
}
