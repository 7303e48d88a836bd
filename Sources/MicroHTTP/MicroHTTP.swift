// MicroHTTP: being written.
