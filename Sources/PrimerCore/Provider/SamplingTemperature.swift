import Foundation

/// How a repeated answer raises the temperature of the next request: by the generator's retries
/// and by a provider profile's `raise_temperature`.
public enum SamplingTemperature {
    /// The highest temperature a raise reaches.
    public static let maximumRaised = 1.5

    /// `temperature` raised by `raise`, at most `maximumRaised` (never lowered).
    public static func raised(_ temperature: Double, by raise: Double) -> Double {
        raise > 0 ? max(temperature, min(temperature + raise, maximumRaised)) : temperature
    }
}
