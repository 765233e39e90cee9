"""pokerroom.bots"""
