"""pokerroom.scenarios"""
