import Testing

@Suite("README substitutions")
struct TextSubstitutionTests {
    let ports = [TextSubstitution(shown: "5432", used: "28085"), TextSubstitution(shown: "808", used: "1514")]

    @Test("text a substitution put in is never substituted again, whatever the order")
    func substitutedTextStays() {
        let shown = "postgres://u@127.0.0.1:5432/db; serve --port 8081"
        for order in [ports, ports.reversed()] {
            let result = TextSubstitution.apply(order, to: shown)
            #expect(result.text == "postgres://u@127.0.0.1:28085/db; serve --port 15141")
            #expect(result.applied == ["5432", "808"])
        }
    }

    @Test("only the shown texts that occur are reported as applied; other text is unchanged")
    func onlyOccurringTextsAreApplied() {
        let result = TextSubstitution.apply(ports, to: "curl http://127.0.0.1:8082/readyz")
        #expect(result.text == "curl http://127.0.0.1:15142/readyz")
        #expect(result.applied == ["808"])
        #expect(TextSubstitution.apply(ports, to: "no ports here").text == "no ports here")
    }

    @Test("where two shown texts start at the same place, the longer one wins")
    func longerShownTextWins() {
        let substitutions = [TextSubstitution(shown: "808", used: "A"), TextSubstitution(shown: "8081", used: "B")]
        #expect(TextSubstitution.apply(substitutions, to: "8081 8082").text == "B A2")
    }
}
