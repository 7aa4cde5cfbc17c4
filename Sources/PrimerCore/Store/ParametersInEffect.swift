/// The FSRS parameters that schedule a subject: its own fitted ones, else its owner's; NULL for
/// the configured ones. One SQL rule for both engines and every read that needs it (the due
/// queue, a rating's transaction).
public enum ParametersInEffect {
    /// A scalar subquery over `fitted_parameters`; `owner` and `subject` are SQL expressions
    /// (columns of the enclosing query).
    public static func sql(owner: String, subject: String) -> String {
        """
        (SELECT f.parameters FROM fitted_parameters f WHERE f.owner_id = \(owner) AND (f.subject_id IS NULL OR f.subject_id = \(subject)) \
        ORDER BY f.subject_id IS NULL LIMIT 1)
        """
    }
}
