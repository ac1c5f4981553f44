/// The Exhibition scene (issue 5): placeholder until the scene lands.
enum ExhibitionPlaceholder {}
