// ServerCredentials: being written.
