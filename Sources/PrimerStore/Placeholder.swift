// Store lands here.
import PrimerCore
