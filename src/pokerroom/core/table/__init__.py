"""pokerroom.core.table"""
