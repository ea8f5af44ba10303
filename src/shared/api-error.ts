/** The one shape of every error the API answers (see docs/api.md). */
export interface ApiErrorBody {
  statusCode: number;
  error: string;
  message: string;
  requestId: string;
  issues?: { path: string; message: string }[];
}
