import { useState, type FocusEvent } from "react";
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
 * Our numbers (docs/product.md, Constants): advance every 5000 ms, pause on hover, a 40 px swipe
 * threshold (react-bootstrap's default). The hover pause is the whole banner's, controls included,
 * so it is ours rather than react-bootstrap's, which covers only the slides.
 */
const prefersReducedMotion = () =>
  window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

const ICON_PATHS = {
  previous: "M15 5 8 12l7 7",
  next: "M9 5l7 7-7 7",
  pause: "M8 5v14M16 5v14",
  play: "M8 5v14l11-7z",
};

function ControlIcon({ shape }: { shape: keyof typeof ICON_PATHS }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={ICON_PATHS[shape]}
        fill={shape === "play" ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

interface BannerControlsProps {
  active: number;
  onChoose: (slide: number) => void;
  stopped: boolean;
  onStopChange: (stopped: boolean) => void;
}

/**
 * The carousel's own controls, on a dark bar so they show on any slide, in reading order: stop or
 * start the turning (APG carousel), previous, one button a slide, next.
 */
function BannerControls({ active, onChoose, stopped, onStopChange }: BannerControlsProps) {
  const count = slides.length;
  return (
    <div className="banner-controls">
      <button
        type="button"
        className="banner-control"
        onClick={() => onStopChange(!stopped)}
        aria-label={stopped ? "Play slides" : "Pause slides"}
      >
        <ControlIcon shape={stopped ? "play" : "pause"} />
      </button>
      <button
        type="button"
        className="banner-control"
        onClick={() => onChoose((active + count - 1) % count)}
        aria-label="Previous slide"
      >
        <ControlIcon shape="previous" />
      </button>
      {slides.map((slide, index) => (
        <button
          key={slide.image}
          type="button"
          className="banner-dot"
          onClick={() => onChoose(index)}
          aria-label={`Slide ${index + 1}`}
          aria-current={index === active}
        />
      ))}
      <button
        type="button"
        className="banner-control"
        onClick={() => onChoose((active + 1) % count)}
        aria-label="Next slide"
      >
        <ControlIcon shape="next" />
      </button>
    </div>
  );
}

export function BannerCarousel() {
  const [active, setActive] = useState(0);
  // People who ask their system for less motion get a carousel that waits for them.
  const [stopped, setStopped] = useState(prefersReducedMotion);
  // It waits, too, while the pointer is over it or keyboard focus is in it (a control, say).
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  return (
    <section
      aria-label="Ultimate Bikes at a glance"
      aria-roledescription="carousel"
      className="banner"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <Carousel
        activeIndex={active}
        onSelect={(slide) => setActive(slide)}
        interval={stopped || hovered || focused ? null : 5000}
        pause={false}
        touch
        controls={false}
        indicators={false}
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
      <BannerControls
        active={active}
        onChoose={setActive}
        stopped={stopped}
        onStopChange={setStopped}
      />
    </section>
  );
}
