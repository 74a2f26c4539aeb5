import Container from "react-bootstrap/Container";
import { usePageTitle } from "../../lib/use-page-title";
import { blogArticles } from "./blog-articles";

export function BlogPage() {
  usePageTitle("Blogs");
  return (
    <Container as="section" className="py-5 blog">
      <h1 className="text-center mb-5">Here are some of my latest BLOGS</h1>
      {blogArticles.map((article) => (
        <article
          key={article.slug}
          id={article.slug}
          aria-labelledby={`${article.slug}-title`}
          className="mb-5"
        >
          <h2 id={`${article.slug}-title`} className="h3">
            {article.title}
          </h2>
          {article.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))}
        </article>
      ))}
    </Container>
  );
}
