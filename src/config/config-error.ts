/** A setting Aisle cannot start with; its message names the variable and says what is expected. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
