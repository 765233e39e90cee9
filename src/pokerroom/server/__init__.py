"""pokerroom.server"""
