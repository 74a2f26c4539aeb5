import Carousel from "react-bootstrap/Carousel";

const slides = [
  {
    image: "/images/slides/suppliers.svg",
    title: "Trusted suppliers",
    text: "Thirty import companies ship their latest models straight to our docks.",
  },
  {
    image: "/images/slides/warehouse.svg",
    title: "Inside the warehouse",
    text: "Five acres of racks, every bike counted and ready to deliver.",
  },
  {
    image: "/images/slides/office.svg",
    title: "Our corporate office",
    text: "The team that keeps a hundred showrooms stocked, from Dhaka.",
  },
];

/**
 * react-bootstrap's defaults are our numbers (docs/product.md, Constants): advance every 5000 ms,
 * pause on hover, a 40 px swipe threshold. They are spelled out so nobody changes them by
 * accident.
 */
const prefersReducedMotion = () =>
  window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

export function BannerCarousel() {
  return (
    <Carousel
      // People who ask their system for less motion get a carousel that waits for them.
      interval={prefersReducedMotion() ? null : 5000}
      pause="hover"
      touch
      aria-label="Ultimate Bikes at a glance"
      className="banner-carousel"
    >
      {slides.map((slide, index) => (
        <Carousel.Item key={slide.image}>
          <img
            className="d-block w-100 banner-image"
            src={slide.image}
            alt=""
            width={1600}
            height={600}
            fetchPriority={index === 0 ? "high" : "low"}
          />
          <Carousel.Caption className="banner-caption">
            <h2>{slide.title}</h2>
            <p>{slide.text}</p>
          </Carousel.Caption>
        </Carousel.Item>
      ))}
    </Carousel>
  );
}
