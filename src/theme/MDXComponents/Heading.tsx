import React, {useContext, type ReactNode} from 'react';
import Heading from '@theme-original/MDXComponents/Heading';
import type HeadingType from '@theme/MDXComponents/Heading';
import type {WrapperProps} from '@docusaurus/types';
import {TitleToolbar} from '@site/src/components/TitleToolbar';

type Props = WrapperProps<typeof HeadingType>;

/** Wraps MDXComponents/Heading (safe): a page's own Markdown h1 is followed by the doc page's toolbar, as a front-matter title is. */
export default function HeadingWrapper(props: Props): ReactNode {
  const toolbar = useContext(TitleToolbar);
  if (props.as !== 'h1' || !toolbar) return <Heading {...props} />;
  return (
    <>
      <Heading {...props} />
      {toolbar}
    </>
  );
}
