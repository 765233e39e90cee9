"""pokerroom.core.uth"""
