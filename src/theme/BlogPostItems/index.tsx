import type {ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import BlogPostItems from '@theme-original/BlogPostItems';
import type BlogPostItemsType from '@theme/BlogPostItems';
import type {WrapperProps} from '@docusaurus/types';
import Heading from '@theme/Heading';
import {changelog, routes} from '@site/src/constants/brand';

type Props = WrapperProps<typeof BlogPostItemsType>;

/** The stock changelog list page has no h1; give it the changelog's title. */
export default function BlogPostItemsWrapper(props: Props): ReactNode {
  const {pathname} = useLocation();
  const isListPage = pathname.replace(/\/$/, '') === routes.changelog;
  return (
    <>
      {isListPage && <Heading as="h1">{changelog.title}</Heading>}
      <BlogPostItems {...props} />
    </>
  );
}
