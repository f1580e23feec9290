// The test SMTP server the API's unit tests use too: one helper, kept beside the mail adapter.
export {
  codeOf,
  startSmtpServer,
  type ReceivedEmail,
  type TestSmtpServer,
} from '../../apps/api/src/adapters/mail/testing/smtp-server.ts';
