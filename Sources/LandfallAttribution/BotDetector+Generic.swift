extension BotDetector {
    /// Words that end like a crawler's name but belong to people's devices.
    /// Cubot is a phone brand ("CUBOT X30", "CUBOT_X20_PRO").
    static let humanWordsEndingInBot: Set<String> = ["cubot"]

    /// Crawlers we have no signature for almost always call themselves "SomethingBot",
    /// "...Crawler" or "...Spider", or link a "/bot.html" page. Matching whole words
    /// (runs of letters and digits) rather than substrings is what keeps this from firing
    /// on model names and app tokens that merely contain the letters.
    static func genericMatch(in text: UserAgentText) -> Match? {
        let bytes = text.lower
        var wordStart: Int?
        // One pass over the bytes; the sentinel index `bytes.count` closes a trailing word.
        for index in 0...bytes.count {
            let isWordByte = index < bytes.count && UserAgentText.isAlphanumeric(bytes[index])
            if isWordByte {
                if wordStart == nil {
                    wordStart = index
                }
                continue
            }
            guard let start = wordStart else { continue }
            wordStart = nil
            if isCrawlerWord(bytes[start..<index]) {
                return Match(name: text.text(start..<index), isLinkPreview: false)
            }
        }
        return nil
    }

    private static func isCrawlerWord(_ word: ArraySlice<UInt8>) -> Bool {
        let suffixes: [String] = ["bot", "crawler", "spider"]
        for suffix in suffixes where word.count >= suffix.utf8.count && word.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) {
            return !humanWordsEndingInBot.contains(String(decoding: word, as: UTF8.self))
        }
        return false
    }
}
