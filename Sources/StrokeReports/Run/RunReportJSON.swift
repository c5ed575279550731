/// `metrics.json` keys: the run's own, with the evaluation's calibration figures
/// (`calibration`, `risk_coverage`, `open_set`) promoted to the top level, where readers
/// look for them first, and taken back into the evaluation when read.
extension RunReport {
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(format, forKey: .format)
        try c.encode(version, forKey: .version)
        try c.encode(kind, forKey: .kind)
        try c.encode(command, forKey: .command)
        try c.encode(model, forKey: .model)
        try c.encodeIfPresent(recipe, forKey: .recipe)
        try c.encode(datasets, forKey: .datasets)
        try c.encode(history, forKey: .history)
        try c.encodeIfPresent(keptEpoch, forKey: .keptEpoch)
        try c.encodeIfPresent(crossValidation, forKey: .crossValidation)
        if let evaluation {
            // Once, at the top: not also inside `evaluation`.
            try c.encode(EvaluationWithoutCalibration(report: evaluation), forKey: .evaluation)
            try evaluation.encodeCalibrationFigures(to: encoder)
        }
    }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        format = try c.decode(String.self, forKey: .format)
        version = try c.decode(Int.self, forKey: .version)
        kind = try c.decode(Kind.self, forKey: .kind)
        command = try c.decode(String.self, forKey: .command)
        model = try c.decode(Model.self, forKey: .model)
        recipe = try c.decodeIfPresent(Recipe.self, forKey: .recipe)
        datasets = try c.decode([Dataset].self, forKey: .datasets)
        history = try c.decode([Epoch].self, forKey: .history)
        keptEpoch = try c.decodeIfPresent(Int.self, forKey: .keptEpoch)
        crossValidation = try c.decodeIfPresent(CrossValidation.self, forKey: .crossValidation)
        evaluation = try c.decodeIfPresent(EvaluationReport.self, forKey: .evaluation)
        try evaluation?.decodeCalibrationFigures(from: decoder)
    }
}

/// An evaluation's JSON without its calibration figures, for `metrics.json`'s `evaluation`.
private struct EvaluationWithoutCalibration: Encodable {
    let report: EvaluationReport

    func encode(to encoder: any Encoder) throws {
        try report.encodeWithoutCalibration(to: encoder)
    }
}
