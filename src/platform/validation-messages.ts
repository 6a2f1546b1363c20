import { z } from 'zod';

/**
 * Wording for validation failures, installed once as zod's global error map. Schemas that need a
 * more specific sentence pass their own `error`; everything else reads the same across services.
 */
export function describeIssue(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'value is required';
      if (Array.isArray(issue.input) && issue.expected !== 'array') return 'value must not be repeated';
      if (issue.expected === 'number' || issue.expected === 'int') return 'value must be a finite number';
      return `value must be of type ${issue.expected}`;
    case 'too_small': {
      const n = String(issue.minimum);
      if (issue.origin === 'string') return `string length must be at least ${n}`;
      if (issue.origin === 'array') return `array must contain at least ${n} item(s)`;
      return issue.inclusive === false
        ? `number must be greater than ${n}`
        : `number must be greater than or equal to ${n}`;
    }
    case 'too_big': {
      const n = String(issue.maximum);
      if (issue.origin === 'string') return `string length must be at most ${n}`;
      if (issue.origin === 'array') return `array must contain at most ${n} item(s)`;
      return issue.inclusive === false ? `number must be less than ${n}` : `number must be less than or equal to ${n}`;
    }
    case 'invalid_format':
      if (issue.format === 'regex' && 'pattern' in issue) return `string must match pattern ${String(issue.pattern)}`;
      return `string must be a valid ${issue.format}`;
    case 'invalid_value':
      return `value must be one of: ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'not_multiple_of':
      return 'value must be an integer';
    case 'unrecognized_keys':
      return `unknown field(s): ${issue.keys.join(', ')}`;
    default:
      return undefined;
  }
}

let installed = false;
export function installValidationMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: (issue) => describeIssue(issue) });
}
installValidationMessages();
