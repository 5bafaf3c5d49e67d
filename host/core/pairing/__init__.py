"""Moonlight pairing: pending requests, the handshake, and the XML answers clients parse."""
