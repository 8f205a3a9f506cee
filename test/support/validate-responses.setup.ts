/**
 * Jest setup (setupFilesAfterEnv): every response the app of `createTestApp` sends is
 * validated against docs/api/openapi.yaml as it is sent (see `recordResponses`). These
 * hooks fail the test during which a non-conforming response was recorded.
 */
import { assertNoRecordedViolations, markValidationHooksInstalled } from './openapi';

markValidationHooksInstalled();

afterEach(() => {
  assertNoRecordedViolations('sent during this test (or a beforeAll/beforeEach before it)');
});

afterAll(() => {
  assertNoRecordedViolations('sent in an afterEach/afterAll hook of this file');
});
