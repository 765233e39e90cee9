"""pokerroom.storage"""
