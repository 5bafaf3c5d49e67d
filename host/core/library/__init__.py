"""Game stores and library managers (Steam, Lutris) and importing their games as apps."""
