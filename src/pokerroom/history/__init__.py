"""pokerroom.history"""
