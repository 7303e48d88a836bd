// TrustServer: the DeviceTrust server.
//
// `Service/` holds the protocol logic (enrollment, challenges, responses, PINs, tokens)
// with no HTTP in it; `HTTP/` maps it onto routes over MicroHTTP; `Bootstrap/` prepares
// the data directory and its secrets; `Observability/` holds the metrics catalogue and the
// build version; `CommandLine/` parses `devicetrust serve` and `devicetrust keys rotate`.
