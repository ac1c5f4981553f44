import SceneryCore

/// An event of `events.json`: `{"date": ISO-8601, "name": String}`.
public struct Event: Equatable, Sendable {
    public var name: String
    /// Seconds since 1970-01-01T00:00:00Z.
    public var date: Int

    public init(name: String, date: Int) {
        self.name = name
        self.date = date
    }
}

/// A person of `people.json`: `{"firstName", "lastName"?, "age"?, "profilePicture"?}`.
public struct Person: Equatable, Sendable {
    public var firstName: String
    public var lastName: String?
    public var age: Int?
    public var profilePicture: String?

    public init(firstName: String, lastName: String? = nil, age: Int? = nil, profilePicture: String? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.age = age
        self.profilePicture = profilePicture
    }

    /// The value people are sorted and sectioned by: the last name when there is one, else the first name.
    public var sortValue: String { lastName ?? firstName }

    /// "First Last", or the first name alone.
    public var fullName: String { lastName.map { "\(firstName) \($0)" } ?? firstName }
}

/// Reads the two data files into ``Event`` and ``Person`` values, with errors that name the
/// file, the record and the field.
enum DirectoryDecoder {
    static func events(_ json: JSON, file: String) throws(RPCError) -> [Event] {
        guard case .array(let items) = json else { throw malformed(file, "", "expected an array of events, got \(json.typeName)") }
        var events: [Event] = []
        events.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .object(let fields) = item else { throw malformed(file, "[\(index)]", "expected an object, got \(item.typeName)") }
            guard case .string(let name)? = fields["name"] else {
                throw malformed(file, "[\(index)].name", "expected a string, got \(fields["name"].map(Params.describe) ?? "nothing")")
            }
            guard case .string(let text)? = fields["date"], let date = ISODate.parse(text) else {
                throw malformed(file, "[\(index)].date", "expected an ISO-8601 date-time like \"2018-09-27T05:44:55Z\", got \(fields["date"].map(Params.describe) ?? "nothing")")
            }
            events.append(Event(name: name, date: date))
        }
        return events
    }

    static func people(_ json: JSON, file: String) throws(RPCError) -> [Person] {
        guard case .array(let items) = json else { throw malformed(file, "", "expected an array of people, got \(json.typeName)") }
        var people: [Person] = []
        people.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            guard case .object(let fields) = item else { throw malformed(file, "[\(index)]", "expected an object, got \(item.typeName)") }
            guard case .string(let firstName)? = fields["firstName"] else {
                throw malformed(file, "[\(index)].firstName", "expected a string, got \(fields["firstName"].map(Params.describe) ?? "nothing")")
            }
            func optionalString(_ key: String) throws(RPCError) -> String? {
                switch fields[key] {
                case nil, .null?: return nil
                case .string(let value)?: return value.allSatisfy(\.isWhitespace) ? nil : value
                case let other?: throw malformed(file, "[\(index)].\(key)", "expected a string or null, got \(Params.describe(other))")
                }
            }
            var age: Int?
            switch fields["age"] {
            case nil, .null?: age = nil
            case .number(let n)? where n >= 0 && n <= 1000 && n.rounded() == n: age = Int(n)
            case let other?: throw malformed(file, "[\(index)].age", "expected an integer from 0 to 1000 or null, got \(Params.describe(other))")
            }
            let picture = try optionalString("profilePicture").map { RelativeFileURL.resolve($0, inFileAt: file) }
            people.append(Person(firstName: firstName, lastName: try optionalString("lastName"), age: age, profilePicture: picture))
        }
        return people
    }

    static func malformed(_ file: String, _ path: String, _ message: String) -> RPCError {
        RPCError(code: ErrorCode.fileMalformed, message: "\(file)\(path.isEmpty ? "" : " ")\(path): \(message)")
    }
}
