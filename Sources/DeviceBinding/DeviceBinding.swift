// DeviceBinding: being written.
