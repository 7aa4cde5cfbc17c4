/// Lecture notes with three distinct sections that share some vocabulary (cell, energy),
/// so retrieval has to tell them apart by their specific words and headings.
enum BiologyNotes {
    static let markdown = """
        # Biology 101 — Lecture notes

        ## Photosynthesis

        Photosynthesis takes place in the chloroplasts of plant cells. Chlorophyll absorbs light, \
        mostly red and blue wavelengths, and the light-dependent reactions split water, releasing oxygen.

        The Calvin cycle then fixes carbon dioxide into glucose, using the ATP and NADPH made by the \
        light reactions. Its key enzyme, RuBisCO, is the most abundant protein on Earth.

        ## Cellular respiration

        Cellular respiration releases the energy stored in glucose. Glycolysis in the cytoplasm splits \
        glucose into two pyruvate molecules and yields a small amount of ATP.

        In the mitochondria, the Krebs cycle and the electron transport chain use oxygen as the final \
        electron acceptor and produce most of the cell's ATP.

        ## Mitosis

        Mitosis is how a eukaryotic cell divides its nucleus into two identical nuclei. During prophase \
        the chromosomes condense; in metaphase they line up at the equator of the spindle.

        In anaphase the sister chromatids are pulled apart, and telophase rebuilds two nuclear envelopes \
        before cytokinesis splits the cell.
        """
}
