"""pokerroom.core.uth.math"""
