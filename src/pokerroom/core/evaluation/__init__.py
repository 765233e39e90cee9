"""pokerroom.core.evaluation"""
