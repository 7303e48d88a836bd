// TrustStore: being written.
