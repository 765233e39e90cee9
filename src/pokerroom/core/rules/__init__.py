"""pokerroom.core.rules"""
