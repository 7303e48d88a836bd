@_exported import Foundation

// The CoreFoundation types the Security API is written in. On Apple platforms they are
// toll-free bridged to Foundation's classes; here they are those classes, so `"ak" as CFString`,
// `query as CFDictionary` and `data as Data` read as in Apple code.

/// `CFString`. https://developer.apple.com/documentation/corefoundation/cfstring
public typealias CFString = NSString
/// `CFDictionary`. https://developer.apple.com/documentation/corefoundation/cfdictionary
public typealias CFDictionary = NSDictionary
/// `CFArray`. https://developer.apple.com/documentation/corefoundation/cfarray
public typealias CFArray = NSArray
/// `CFData`. https://developer.apple.com/documentation/corefoundation/cfdata
public typealias CFData = NSData
/// `CFError`. https://developer.apple.com/documentation/corefoundation/cferror
public typealias CFError = NSError
/// `CFTypeRef`. https://developer.apple.com/documentation/corefoundation/cftyperef
public typealias CFTypeRef = AnyObject
/// `CFOptionFlags` (`unsigned long`). https://developer.apple.com/documentation/corefoundation/cfoptionflags
public typealias CFOptionFlags = UInt
/// `CFIndex` (`signed long`). https://developer.apple.com/documentation/corefoundation/cfindex
public typealias CFIndex = Int
/// `OSStatus`. https://developer.apple.com/documentation/kernel/osstatus
public typealias OSStatus = Int32

/// `CFAllocator`: every function here takes `nil` (the default allocator).
/// https://developer.apple.com/documentation/corefoundation/cfallocator
public final class CFAllocator {}
