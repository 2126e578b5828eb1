import {useId, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import CodeBlock from '@theme/CodeBlock';
import {webhookEvents} from '@site/src/data/webhooks';
import {curlCommand, randomId, sampleEvent} from '@site/src/lib/testEvents';
import {generateSecret, secretKey, signature} from '@site/src/lib/webhookSignature';
import {privacy, title} from './text';
// One look for both webhook tools.
import tool from '@site/src/css/webhook-tool.module.css';
import ToolFrame from '@site/src/internal/ToolFrame';

const defaultUrl = 'http://127.0.0.1:4242/webhooks/coinwharf';

interface Signed {
  type: string;
  body: string;
  command: string;
}

/**
 * Builds a realistic event of the chosen type with a fresh id and timestamp,
 * signs it with the reader's secret (WebCrypto) and writes the curl command
 * that sends it to their own endpoint. Nothing is stored or sent.
 */
export default function WebhookEventGenerator(): ReactNode {
  const id = useId();
  const [type, setType] = useState('payment.succeeded');
  const [secret, setSecret] = useState('');
  const [url, setUrl] = useState(defaultUrl);
  const [error, setError] = useState('');
  const [signed, setSigned] = useState<Signed | null>(null);

  const generate = async () => {
    setSigned(null);
    const key = secretKey(secret);
    if ('problem' in key || !key.prefixed) {
      setError('Paste your endpoint secret (whsec_ followed by base64), or generate one.');
      return;
    }
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      target = new URL('invalid:');
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') {
      setError('Enter your endpoint as an http:// or https:// URL.');
      return;
    }
    setError('');
    const now = Math.floor(Date.now() / 1000);
    const eventId = randomId('evt');
    const body = JSON.stringify(sampleEvent(type, eventId, now));
    const headers = {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(now),
      'webhook-signature': await signature(key.key, eventId, String(now), body),
    };
    setSigned({type, body, command: curlCommand(target.href, headers, body)});
  };

  const textField = (
    name: string,
    label: string,
    type: 'text' | 'url',
    value: string,
    onChange: (value: string) => void,
  ) => (
    <div className={tool.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        autoComplete="off"
        spellCheck={false}
        className={clsx('margin-bottom--sm', tool.input)}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );

  return (
    <ToolFrame id={id} title={title} privacy={privacy}>
      <div className={tool.field}>
        <label htmlFor={`${id}-type`}>Event type</label>
        <select
          id={`${id}-type`}
          className={clsx('margin-bottom--sm', tool.input)}
          value={type}
          onChange={(event) => setType(event.target.value)}
        >
          {webhookEvents.map((event) => (
            <option key={event.type} value={event.type}>
              {event.type}
            </option>
          ))}
        </select>
      </div>
      {textField('secret', 'Endpoint secret (whsec_…)', 'text', secret, setSecret)}
      {textField('url', 'Your endpoint URL', 'url', url, setUrl)}
      <div className={tool.actions}>
        <button type="button" className="button button--secondary" onClick={() => setSecret(generateSecret())}>
          Generate a test secret
        </button>
        <button type="button" className="button button--primary" onClick={() => void generate()}>
          Sign a test event
        </button>
      </div>
      <div aria-live="polite" className={tool.result}>
        {error && <p className={clsx(tool.verdict, tool.bad)}>{error}</p>}
        {signed && (
          <>
            <p className={tool.verdict}>
              Signed a {signed.type} event. Run the command within 5 minutes: a receiver rejects older timestamps.
            </p>
            <CodeBlock language="bash" title="Send it to your endpoint">
              {signed.command}
            </CodeBlock>
            <details>
              <summary>The body, formatted for reading (the command sends it compact, as signed)</summary>
              <CodeBlock language="json">{JSON.stringify(JSON.parse(signed.body), null, 2)}</CodeBlock>
            </details>
          </>
        )}
      </div>
    </ToolFrame>
  );
}
