"""Front end of the card table widget (plain ES module and CSS), shipped as package data."""
