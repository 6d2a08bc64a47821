#include "integrators/methods/deferred_properties.hpp"

namespace tibench {

DeferredProperties::DeferredProperties(const DeferredProperties& other) {
  const std::lock_guard<std::mutex> lock(other.mutex_);
  properties_ = other.properties_;
  pending_ = other.pending_;
  failure_ = other.failure_;
}

DeferredProperties& DeferredProperties::operator=(const DeferredProperties& other) {
  if (this == &other) return *this;
  const std::scoped_lock lock(mutex_, other.mutex_);
  properties_ = other.properties_;
  pending_ = other.pending_;
  failure_ = other.failure_;
  return *this;
}

bool DeferredProperties::has_pending() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return !pending_.empty();
}

const MethodProperties& DeferredProperties::complete(const Check& check) const {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (failure_) std::rethrow_exception(failure_);
  if (pending_.empty()) return properties_;
  try {
    for (const Work& work : pending_) work(properties_);
    pending_.clear();
    check(properties_);
  } catch (...) {
    failure_ = std::current_exception();
    pending_.clear();
    throw;
  }
  return properties_;
}

}  // namespace tibench
