/** The error body every endpoint answers with (design.md §5), for the OpenAPI document. */
import { Type } from 'typebox';

export const ErrorBody = Type.Object({
  statusCode: Type.Integer(),
  code: Type.String(),
  error: Type.String(),
  message: Type.String(),
});
