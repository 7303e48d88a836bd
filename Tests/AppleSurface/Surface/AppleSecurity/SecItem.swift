import AppleSurfaceRuntime

// The four SecItem functions. Each turns Apple's objects in the dictionary into plain values
// (`SecAccessControl` into ``SurfaceAccessControl``, an `LAContext` into its session) and
// asks the device bound in ``SurfaceHost``; without one they return `errSecNotAvailable`.

/// Adds one or more items to a keychain.
/// https://developer.apple.com/documentation/security/secitemadd(_:_:)
public func SecItemAdd(_ attributes: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    guard let device = SurfaceHost.current else { return errSecNotAvailable }
    guard let attributes = plain(attributes) else { return errSecParam }
    result?.pointee = nil
    return device.keychainAdd(attributes)
}

/// Returns one or more keychain items that match a search query, or copies attributes of
/// specific keychain items.
/// https://developer.apple.com/documentation/security/secitemcopymatching(_:_:)
public func SecItemCopyMatching(_ query: CFDictionary, _ result: UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus {
    guard let device = SurfaceHost.current else { return errSecNotAvailable }
    guard let query = plain(query) else { return errSecParam }
    let (status, found) = device.keychainCopyMatching(query)
    result?.pointee = status == errSecSuccess ? found.map(bridged) : nil
    return status
}

/// Modifies items that match a search query.
/// https://developer.apple.com/documentation/security/secitemupdate(_:_:)
public func SecItemUpdate(_ query: CFDictionary, _ attributesToUpdate: CFDictionary) -> OSStatus {
    guard let device = SurfaceHost.current else { return errSecNotAvailable }
    guard let query = plain(query), let changes = plain(attributesToUpdate) else { return errSecParam }
    return device.keychainUpdate(query, changes)
}

/// Deletes items that match a search query.
/// https://developer.apple.com/documentation/security/secitemdelete(_:)
public func SecItemDelete(_ query: CFDictionary) -> OSStatus {
    guard let device = SurfaceHost.current else { return errSecNotAvailable }
    guard let query = plain(query) else { return errSecParam }
    return device.keychainDelete(query)
}

/// The dictionary with `CFString` keys as Swift strings and Apple objects as plain values;
/// `nil` when a key is not a string (`errSecParam`, as Security does).
private func plain(_ dictionary: CFDictionary) -> [String: Any]? {
    var result: [String: Any] = [:]
    for (key, value) in dictionary {
        guard let key = key as? String else { return nil }
        switch value {
        case let control as SecAccessControl: result[key] = control.value
        case let carrier as any SurfaceSessionCarrier: result[key] = carrier.surfaceSession
        default: result[key] = value
        }
    }
    return result
}

/// A result as the `CFTypeRef` Security returns: `CFData`, `CFDictionary` or `CFArray`, with
/// access controls as `SecAccessControl`.
private func bridged(_ value: Any) -> CFTypeRef {
    switch value {
    case let data as Data: return data as NSData
    case let control as SurfaceAccessControl: return SecAccessControl(control)
    case let dictionary as [String: Any]: return dictionary.mapValues(bridged) as NSDictionary
    case let array as [Any]: return array.map(bridged) as NSArray
    case let string as String: return string as NSString
    case let number as Int: return NSNumber(value: number)
    case let flag as Bool: return NSNumber(value: flag)
    case let date as Date: return date as NSDate
    default: return value as AnyObject
    }
}
