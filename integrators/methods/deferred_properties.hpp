// A registry entry's computed properties, completed on first use. An entry's
// builder sets the properties of algebraic theory at once (order
// conditions, R(z)) and defers the costly ones: the linear analysis of the
// update matrix, some 400 steps of the oscillator per method, which was
// most of every process's start-up (0.4 s of the 0.5 s a bad-input command
// took, 5 s under the sanitizers). The first reader runs the deferred work
// once, under a lock (a run's worker threads share the registry), then the
// check the entry supplies (its declaration against the result); a failure
// is rethrown to every later reader.
#pragma once

#include <exception>
#include <functional>
#include <mutex>
#include <vector>

#include "integrators/methods/method_properties.hpp"

namespace tibench {

class DeferredProperties {
 public:
  using Work = std::function<void(MethodProperties&)>;
  using Check = std::function<void(const MethodProperties&)>;

  DeferredProperties() = default;
  DeferredProperties(const DeferredProperties& other);
  DeferredProperties& operator=(const DeferredProperties& other);

  // For builders: the properties set so far, and work that completes them.
  MethodProperties& so_far() { return properties_; }
  void defer(Work work) { pending_.push_back(std::move(work)); }
  bool has_pending() const;

  // The properties, after the deferred work (if any) and then `check` ran.
  const MethodProperties& complete(const Check& check) const;

 private:
  mutable std::mutex mutex_;
  mutable MethodProperties properties_;
  mutable std::vector<Work> pending_;
  mutable std::exception_ptr failure_;
};

}  // namespace tibench
