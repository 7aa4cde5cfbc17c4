/// Short chapters the tests attach as documents: each `##` section becomes a topic of the plan.
public enum SampleChapters {
    /// Three sections of cell biology, a sentence each.
    public static let cells = """
        # Cell Biology

        ## Membranes
        The cell membrane is a phospholipid bilayer that controls what enters and leaves the cell.

        ## Organelles
        Mitochondria make ATP; ribosomes make proteins; the nucleus holds the DNA.

        ## Division
        Mitosis makes two identical cells; meiosis makes four gametes.
        """
}
