"""The built-in assignment packs: one folder each, with ``assignment.yaml``, trees and goldens."""
