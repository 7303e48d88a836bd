/// Renders the figures as a fixed-width text table, one row per operation.
enum ReportTable {
    static func render(_ figures: [BenchmarkFigure]) -> String {
        let header = ["operation", "DeviceTrustCrypto", "openssl speed", "ratio", "target", "result"]
        let rows = figures.map { figure in
            [
                figure.operation.title,
                cell(figure.ours, figure.operation),
                cell(figure.openssl, figure.operation),
                figure.ratio.map { format($0, decimals: 2) } ?? "-",
                figure.operation.targetRatio.map { ">= " + format($0, decimals: 2) } ?? "none",
                figure.verdict.rawValue,
            ]
        }
        // Text columns are left-aligned, figures right-aligned.
        return render(header: header, rows: rows, rightAligned: [1, 2, 3])
    }

    /// Any table: columns as wide as their widest cell, two spaces apart, a rule under the
    /// header; the columns in `rightAligned` are right-aligned, the others left-aligned.
    static func render(header: [String], rows: [[String]], rightAligned: Set<Int>) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - cells[column].count)
                return rightAligned.contains(column) ? padding + cells[column] : cells[column] + padding
            }
            .joined(separator: "  ")
            .trimmingTrailingSpaces()
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }

    private static func cell(_ rate: Result<Double, MeasurementFailure>, _ operation: BenchmarkOperation) -> String {
        switch rate {
        case .success(let value): operation.formatted(value)
        case .failure: "failed"
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
