import type {ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import {exampleLanguage, type Example} from './languages';

/** One tested example file, titled with its path so a reader can find it in the repo. */
export default function ExampleCode({file, code}: Example): ReactNode {
  return (
    <CodeBlock language={exampleLanguage(file).prism} title={`examples/${file}`}>
      {code.trimEnd()}
    </CodeBlock>
  );
}
